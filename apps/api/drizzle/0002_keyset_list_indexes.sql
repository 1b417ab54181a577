DROP INDEX "bookings_buyer_idx";--> statement-breakpoint
DROP INDEX "products_advertised_idx";--> statement-breakpoint
DROP INDEX "products_reported_idx";--> statement-breakpoint
DROP INDEX "products_seller_idx";--> statement-breakpoint
DROP INDEX "users_role_created_idx";--> statement-breakpoint
DROP INDEX "products_category_listing_idx";--> statement-breakpoint
CREATE INDEX "bookings_buyer_listing_idx" ON "bookings" USING btree ("buyer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_advertised_listing_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."advertised" and "products"."deleted_at" is null and "products"."status" = 'unsold';--> statement-breakpoint
CREATE INDEX "products_reported_listing_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."reported" and "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_seller_listing_idx" ON "products" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_role_listing_idx" ON "users" USING btree ("role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."deleted_at" is null and "products"."status" = 'unsold';--> statement-breakpoint
-- A deleted seller's products leave every list through their own deleted_at from now on.
UPDATE "products" SET "deleted_at" = "users"."deleted_at" FROM "users" WHERE "users"."id" = "products"."seller_id" AND "users"."deleted_at" IS NOT NULL AND "products"."deleted_at" IS NULL;
