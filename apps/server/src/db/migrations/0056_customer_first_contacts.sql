CREATE TABLE "customer_first_contacts" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_first_contacts" ADD CONSTRAINT "customer_first_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_first_contacts" ADD CONSTRAINT "customer_first_contacts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_first_contacts_tenant_idx" ON "customer_first_contacts" USING btree ("tenant_id","customer_id","first_at");--> statement-breakpoint
-- A customer's first contact (the reports' new and returning customers): the earliest of their
-- tickets (chats included) and inbound calls. A new contact can only move it earlier; a contact
-- moved to another customer, re-timed or deleted has both customers' looked up again.
CREATE OR REPLACE FUNCTION customer_first_contact_seen(tenant uuid, customer uuid, at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Most contacts are not a first: checked without taking the row's lock.
  IF customer IS NULL OR at IS NULL OR EXISTS (SELECT 1 FROM customer_first_contacts
      WHERE customer_id = customer AND first_at <= at) THEN
    RETURN;
  END IF;
  INSERT INTO customer_first_contacts (customer_id, tenant_id, first_at) VALUES (customer, tenant, at)
  ON CONFLICT (customer_id) DO UPDATE SET first_at = excluded.first_at
  WHERE customer_first_contacts.first_at > excluded.first_at;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_first_contact_refresh(customer uuid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  first timestamptz;
BEGIN
  IF customer IS NULL THEN RETURN; END IF;
  first := least(
    (SELECT min(t.created_at) FROM tickets t WHERE t.requester_id = customer),
    (SELECT min(c.started_at) FROM calls c WHERE c.customer_id = customer AND c.direction = 'CALL_INBOUND'));
  IF first IS NULL THEN
    DELETE FROM customer_first_contacts WHERE customer_id = customer;
  ELSE
    -- Not for a customer being deleted (their row is gone already).
    INSERT INTO customer_first_contacts (customer_id, tenant_id, first_at)
    SELECT cu.id, cu.tenant_id, first FROM customers cu WHERE cu.id = customer
    ON CONFLICT (customer_id) DO UPDATE SET first_at = excluded.first_at
    WHERE customer_first_contacts.first_at IS DISTINCT FROM excluded.first_at;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_first_contact_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_customer uuid;
  new_customer uuid;
  new_at timestamptz;
BEGIN
  IF TG_TABLE_NAME = 'tickets' THEN
    IF TG_OP <> 'DELETE' THEN new_customer := NEW.requester_id; new_at := NEW.created_at; END IF;
    IF TG_OP <> 'INSERT' THEN old_customer := OLD.requester_id; END IF;
  ELSE
    IF TG_OP <> 'DELETE' AND NEW.direction = 'CALL_INBOUND' THEN
      new_customer := NEW.customer_id; new_at := NEW.started_at;
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.direction = 'CALL_INBOUND' THEN old_customer := OLD.customer_id; END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM customer_first_contact_seen(NEW.tenant_id, new_customer, new_at);
  ELSE
    PERFORM customer_first_contact_refresh(old_customer);
    IF new_customer IS DISTINCT FROM old_customer THEN
      PERFORM customer_first_contact_refresh(new_customer);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_first_contact_ticket_inserted AFTER INSERT ON tickets
FOR EACH ROW WHEN (NEW.requester_id IS NOT NULL) EXECUTE FUNCTION customer_first_contact_changed();
--> statement-breakpoint
CREATE TRIGGER customer_first_contact_ticket_updated AFTER UPDATE OF requester_id, created_at ON tickets
FOR EACH ROW WHEN ((OLD.requester_id, OLD.created_at) IS DISTINCT FROM (NEW.requester_id, NEW.created_at))
EXECUTE FUNCTION customer_first_contact_changed();
--> statement-breakpoint
CREATE TRIGGER customer_first_contact_ticket_deleted AFTER DELETE ON tickets
FOR EACH ROW WHEN (OLD.requester_id IS NOT NULL) EXECUTE FUNCTION customer_first_contact_changed();
--> statement-breakpoint
CREATE TRIGGER customer_first_contact_call_inserted AFTER INSERT ON calls
FOR EACH ROW WHEN (NEW.customer_id IS NOT NULL AND NEW.direction = 'CALL_INBOUND')
EXECUTE FUNCTION customer_first_contact_changed();
--> statement-breakpoint
CREATE TRIGGER customer_first_contact_call_updated AFTER UPDATE OF customer_id, started_at, direction ON calls
FOR EACH ROW WHEN ((OLD.customer_id, OLD.started_at, OLD.direction) IS DISTINCT FROM (NEW.customer_id, NEW.started_at, NEW.direction))
EXECUTE FUNCTION customer_first_contact_changed();
--> statement-breakpoint
CREATE TRIGGER customer_first_contact_call_deleted AFTER DELETE ON calls
FOR EACH ROW WHEN (OLD.customer_id IS NOT NULL) EXECUTE FUNCTION customer_first_contact_changed();
--> statement-breakpoint
INSERT INTO customer_first_contacts (customer_id, tenant_id, first_at)
SELECT cu.id, cu.tenant_id, min(contacts.at) FROM (
  SELECT requester_id, min(created_at) FROM tickets WHERE requester_id IS NOT NULL GROUP BY 1
  UNION ALL
  SELECT customer_id, min(started_at) FROM calls
  WHERE customer_id IS NOT NULL AND direction = 'CALL_INBOUND' GROUP BY 1
) contacts(customer_id, at)
JOIN customers cu ON cu.id = contacts.customer_id
GROUP BY cu.id, cu.tenant_id;
