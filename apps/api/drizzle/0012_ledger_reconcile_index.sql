-- reconcile() sums every booking's entries: read in booking order straight off this index, with no sort
-- and no hash of every booking (DESIGN §15).
CREATE INDEX "ledger_entries_reconcile_idx" ON "ledger_entries" USING btree ("booking_id","account","amount_cents");