-- Trigram similarity for words that match no known word (DESIGN §17). pg_trgm is a trusted
-- extension: the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "search_price_bounds_lexeme_trgm_idx" ON "search_price_bounds" USING gin ("lexeme" gin_trgm_ops);
