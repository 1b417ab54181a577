ALTER TABLE "saved_search_matches" DROP CONSTRAINT "saved_search_matches_user_id_users_id_fk";
