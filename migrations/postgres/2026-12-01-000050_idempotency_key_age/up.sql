-- Idempotency keys are forgotten after 24 hours: found by age.
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
