-- CreateTable
CREATE TABLE "ContentVersion" (
    "scope" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContentVersion_pkey" PRIMARY KEY ("scope")
);


-- Every write to a cached table bumps its scope's version (statement-level: one bump per statement).
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger AS $$
BEGIN
  INSERT INTO "ContentVersion" ("scope", "version", "updatedAt") VALUES (TG_ARGV[0], 1, now())
  ON CONFLICT ("scope") DO UPDATE SET "version" = "ContentVersion"."version" + 1, "updatedAt" = now();
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Thread_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Thread" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('content');
CREATE TRIGGER "ThreadQuestion_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ThreadQuestion" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('content');
CREATE TRIGGER "Prompt_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Prompt" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('content');
CREATE TRIGGER "Country_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Country" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('places');
CREATE TRIGGER "City_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "City" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('places');
CREATE TRIGGER "ToolFact_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ToolFact" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('tools');
CREATE TRIGGER "CityCost_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "CityCost" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('tools');
CREATE TRIGGER "Institution_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Institution" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('tools');
CREATE TRIGGER "Scholarship_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "Scholarship" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('tools');
