-- The release this code is (the spec's default app version, DEFAULT_APP_VERSION in the core), so
-- that What's New is not empty on a fresh database. Idempotent: a version published already (by
-- `rostra versions publish`) is kept as it is.
INSERT INTO "versions" ("id", "version", "release_date", "notes")
VALUES ('version-3.5.0', '3.5.0', '2026-01-01T00:00:00Z', '')
ON CONFLICT ("version") DO NOTHING;
