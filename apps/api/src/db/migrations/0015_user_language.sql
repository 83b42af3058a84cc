-- The language a user chose in their profile; null follows the browser.
ALTER TABLE users ADD COLUMN language text;
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_language_ck CHECK (language IN ('en', 'fr'));
