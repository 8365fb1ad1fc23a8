-- The line a CPU player of each level plays on a proven deal (compact log notation), computed
-- by the prover after the proof; NULL until then (a race then falls back to the plain hint).
ALTER TABLE winnable_deals ADD COLUMN cpu_easy TEXT;
ALTER TABLE winnable_deals ADD COLUMN cpu_normal TEXT;
ALTER TABLE winnable_deals ADD COLUMN cpu_hard TEXT;
