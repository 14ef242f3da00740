-- Fees and payments (DESIGN §9 "Money"): what a tax inspection reads is append-only. An issued
-- invoice keeps its number, amounts and mentions; its lines, credit notes, payments and reminders
-- are never rewritten nor deleted. Only a draft changes (its lines replaced, then issued once).
CREATE OR REPLACE FUNCTION invoices_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Une facture n''est jamais supprimée.' USING ERRCODE = 'check_violation';
  END IF;
  -- A draft may change, and be issued (draft -> issued) once; an issued invoice changes no more.
  IF OLD.status <> 'draft' THEN
    RAISE EXCEPTION 'Une facture émise ne peut plus être modifiée : établissez un avoir.' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.id <> OLD.id OR NEW.organization_id <> OLD.organization_id OR NEW.patient_id <> OLD.patient_id THEN
    RAISE EXCEPTION 'Une facture ne change ni de patient ni d''organisation.' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_append_only BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_append_only();
--> statement-breakpoint
-- Lines change only while their invoice is a draft (checked on the invoice row, locked by the writer).
CREATE OR REPLACE FUNCTION invoice_lines_of_draft() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.invoice_id ELSE NEW.invoice_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM invoices WHERE id = target AND status <> 'draft')
     OR (TG_OP = 'UPDATE' AND OLD.invoice_id <> NEW.invoice_id AND EXISTS (SELECT 1 FROM invoices WHERE id = OLD.invoice_id AND status <> 'draft')) THEN
    RAISE EXCEPTION 'Les lignes d''une facture émise ne peuvent plus être modifiées.' USING ERRCODE = 'check_violation';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_lines_of_draft BEFORE INSERT OR UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION invoice_lines_of_draft();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoices_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Les avoirs, paiements et relances sont conservés tels quels : ni modification ni suppression (%).', TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_append_only BEFORE UPDATE OR DELETE ON credit_notes FOR EACH ROW EXECUTE FUNCTION invoices_history_append_only();
--> statement-breakpoint
CREATE TRIGGER invoice_payments_append_only BEFORE UPDATE OR DELETE ON invoice_payments FOR EACH ROW EXECUTE FUNCTION invoices_history_append_only();
--> statement-breakpoint
CREATE TRIGGER invoice_reminders_append_only BEFORE UPDATE OR DELETE ON invoice_reminders FOR EACH ROW EXECUTE FUNCTION invoices_history_append_only();
--> statement-breakpoint
-- A credit note and a payment refer to an issued invoice (a draft is neither paid nor credited).
CREATE OR REPLACE FUNCTION invoices_issued_reference() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM invoices WHERE id = NEW.invoice_id AND status = 'issued' AND organization_id = NEW.organization_id) THEN
    RAISE EXCEPTION 'La facture n''est pas émise.' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_issued_reference BEFORE INSERT ON credit_notes FOR EACH ROW EXECUTE FUNCTION invoices_issued_reference();
--> statement-breakpoint
CREATE TRIGGER invoice_payments_issued_reference BEFORE INSERT ON invoice_payments FOR EACH ROW EXECUTE FUNCTION invoices_issued_reference();
