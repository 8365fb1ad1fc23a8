DROP INDEX idempotency_keys_created;
