DROP TABLE record_removals;
DROP INDEX records_ranked_changed;
ALTER TABLE records DROP COLUMN ranked_changed_at;
