-- Extensions and the application role. Hand-written (drizzle-kit generate --custom).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Roles are cluster-wide: several databases on one server (parallel test runs) may race here, so
-- every outcome other than "the role now exists and we may use it" is re-checked, not assumed.
DO $$
BEGIN
  BEGIN
    CREATE ROLE rostra_app NOLOGIN;
  EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
  END;
  IF NOT pg_has_role(current_user, 'rostra_app', 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT rostra_app TO %I', current_user);
    EXCEPTION WHEN OTHERS THEN
      IF NOT pg_has_role(current_user, 'rostra_app', 'MEMBER') THEN RAISE; END IF;
    END;
  END IF;
END $$;
