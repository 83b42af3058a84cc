ALTER TABLE "tag_presences" ALTER COLUMN "movement_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "reason_code" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
UPDATE "stock_movements" SET "reason_code" = CASE
  WHEN "reason_id" IS NOT NULL THEN 'manual'
  WHEN "note" = 'Import' THEN 'import'
  WHEN "note" LIKE 'RFID %' THEN 'rfid'
  WHEN "note" IN ('Opening stock', 'Stock d’ouverture') THEN 'opening'
  ELSE 'manual' END;--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "reason_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "source_type" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "source_id" bigint;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_reason_code_ck" CHECK ("stock_movements"."reason_code" in ('manual', 'opening', 'import', 'rfid', 'receipt', 'delivery', 'output', 'inventory'));
