-- A deleted account keeps its email, which becomes free for a new account: emails are unique
-- among accounts that are not deleted.
ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "users_active_email_unique" ON "users" USING btree ("email") WHERE "users"."deleted_at" is null;