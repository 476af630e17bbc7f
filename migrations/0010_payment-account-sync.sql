ALTER TABLE `organizations` ADD `connected_account_details_submitted` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `organizations` ADD `connected_account_synced_at` integer;