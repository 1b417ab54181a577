-- A listing's stored JSON is what anyone may see: the seller's phone leaves it (the seller's own
-- list and the admins' add it from products.phone, with the seller's email).
CREATE OR REPLACE FUNCTION "products_listing_json_members"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  listing text;
BEGIN
  SELECT row_to_json(l)::text INTO listing FROM (SELECT
    NEW.id AS "_id",
    NEW.name AS "name",
    NEW.image AS "imgUrl",
    NEW.photos AS "photos",
    NEW.resale_price_cents / 100::float8 AS "resalePrice",
    NEW.original_price_cents / 100::float8 AS "originalPrice",
    NEW.location AS "location",
    NEW.year_of_purchase AS "yearOfUse",
    NEW.condition AS "condition",
    NEW.category_id AS "categoryId",
    NEW.description AS "description",
    NEW.model AS "model",
    NEW.cpu AS "cpu",
    NEW.ram_gb AS "ramGb",
    NEW.storage_gb AS "storageGb",
    NEW.screen_inches::float8 AS "screenInches",
    NEW.battery_health AS "batteryHealth",
    NEW.seller_verified AS "sellerVerified",
    NEW.status AS "status",
    NEW.advertised AS "advertise",
    NEW.reported AS "report",
    to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "timeWhenPost"
  ) l;
  -- The members alone: a read appends the seller's and closes the object.
  NEW.listing_json_members := substr(listing, 2, length(listing) - 2);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Existing listings: the update fires the trigger, which writes each one's members again.
UPDATE "products" SET "listing_json_members" = '';
