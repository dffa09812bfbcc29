-- The knowledge base gets a content version too (see 20261124032225_content_versions): every write
-- to its articles or passages bumps the "knowledge" version, whoever writes. Retrieval keeps its
-- in-process search index and the results of questions already asked until that version moves, so
-- an edit from /admin on any app instance is retrieved from the next question on.
CREATE TRIGGER "KnowledgeArticle_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "KnowledgeArticle" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('knowledge');
CREATE TRIGGER "KnowledgePassage_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "KnowledgePassage" FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('knowledge');
