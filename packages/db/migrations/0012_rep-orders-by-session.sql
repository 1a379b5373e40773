-- Issue 24: a sales rep's own orders (GetOwnAssistedOrders) are read through the rep's impersonation sessions; only
-- the orders a rep placed carry a session, so the index holds those alone.
CREATE INDEX "orders_impersonation_session_id_idx" ON "orders" USING btree ("impersonation_session_id") WHERE "orders"."impersonation_session_id" is not null;