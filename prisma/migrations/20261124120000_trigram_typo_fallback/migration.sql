-- Trigram similarity (pg_trgm) for retrieval's typo fallback: a question word the knowledge base
-- never uses ("sperkonto") is read as the nearest word it does use ("sperrkonto"). pg_trgm is a
-- trusted contrib extension of PostgreSQL (13+), and the embedded database (PGlite) loads it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
