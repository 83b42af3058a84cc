-- EPCs bound to the article at a purchase receipt: how many came with each received line.
ALTER TABLE purchase_receipt_lines ADD COLUMN epc_count integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE purchase_receipt_lines ADD CONSTRAINT purchase_receipt_lines_epc_count_ck CHECK (epc_count >= 0 AND epc_count <= quantity);
