CREATE TABLE "search_price_bounds" (
	"lexeme" text COLLATE "C" PRIMARY KEY NOT NULL,
	"min_price_cents" integer NOT NULL,
	"max_price_cents" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "photos" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cpu" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ram_gb" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "storage_gb" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "screen_inches" numeric(3, 1);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "battery_health" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seller_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', coalesce(model, '')), 'A') || setweight(to_tsvector('simple', coalesce(cpu, '')), 'B') || setweight(to_tsvector('simple', description), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_document") WHERE "products"."deleted_at" is null and "products"."status" = 'unsold';--> statement-breakpoint
CREATE INDEX "products_for_sale_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null and "products"."status" = 'unsold';--> statement-breakpoint
CREATE INDEX "products_for_sale_price_idx" ON "products" USING btree ("resale_price_cents","id") WHERE "products"."deleted_at" is null and "products"."status" = 'unsold';--> statement-breakpoint
-- Listings made before photos and verified sellers were copied onto products.
UPDATE "products" SET "photos" = ARRAY["image"] WHERE cardinality("photos") = 0;--> statement-breakpoint
UPDATE "products" SET "seller_verified" = true FROM "users" WHERE "users"."id" = "products"."seller_id" AND "users"."verified";--> statement-breakpoint
INSERT INTO "search_price_bounds" SELECT "word"."lexeme", min("products"."resale_price_cents"), max("products"."resale_price_cents") FROM "products", unnest("products"."search_document") AS "word" WHERE "products"."deleted_at" IS NULL GROUP BY "word"."lexeme";--> statement-breakpoint
-- search_price_bounds widens with every listing and every edit of its price or words (schema.ts).
CREATE FUNCTION "widen_search_price_bounds"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only words whose bounds must widen are written (and so locked), in lexeme order, so
  -- listings going in or sold at the same time do not queue on common words like "battery".
  INSERT INTO "search_price_bounds" ("lexeme", "min_price_cents", "max_price_cents")
  SELECT "seen"."lexeme", "seen"."min_price_cents", "seen"."max_price_cents"
  FROM (
    SELECT "word"."lexeme", min("listed"."resale_price_cents") AS "min_price_cents",
           max("listed"."resale_price_cents") AS "max_price_cents"
    FROM "listed", unnest("listed"."search_document") AS "word"
    GROUP BY "word"."lexeme"
  ) AS "seen"
  LEFT JOIN "search_price_bounds" AS "known" ON "known"."lexeme" = "seen"."lexeme"
  WHERE "known"."lexeme" IS NULL
     OR "seen"."min_price_cents" < "known"."min_price_cents"
     OR "seen"."max_price_cents" > "known"."max_price_cents"
  ORDER BY "seen"."lexeme"
  ON CONFLICT ("lexeme") DO UPDATE SET
    "min_price_cents" = least("search_price_bounds"."min_price_cents", excluded."min_price_cents"),
    "max_price_cents" = greatest("search_price_bounds"."max_price_cents", excluded."max_price_cents");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_listed_widen_search_price_bounds" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "listed" FOR EACH STATEMENT EXECUTE FUNCTION "widen_search_price_bounds"();--> statement-breakpoint
CREATE TRIGGER "products_edited_widen_search_price_bounds" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS "listed" FOR EACH STATEMENT EXECUTE FUNCTION "widen_search_price_bounds"();--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_photos_check" CHECK (cardinality("products"."photos") between 1 and 8);