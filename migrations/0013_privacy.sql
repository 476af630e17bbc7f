ALTER TABLE `organizations` ADD `anonymise_after_months` integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `auto_anonymise` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `personal_data_anonymised_at` integer;
