DROP INDEX "saved_searches_words_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "anchor_word" text;--> statement-breakpoint
-- Searches saved before: their longest word, as saved-searches.ts chooses it.
UPDATE "saved_searches" SET "anchor_word" = (SELECT word FROM unnest("words") word ORDER BY length(word) DESC, word COLLATE "C" LIMIT 1);--> statement-breakpoint
CREATE INDEX "saved_searches_anchor_idx" ON "saved_searches" USING btree ("anchor_word");--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "words";
