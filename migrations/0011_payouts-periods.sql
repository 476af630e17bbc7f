ALTER TABLE `payouts` ADD `period_key` text;--> statement-breakpoint
ALTER TABLE `payouts` ADD `failure_code` text;--> statement-breakpoint
ALTER TABLE `payouts` ADD `failure_message` text;--> statement-breakpoint
ALTER TABLE `payouts` ADD `settled_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_org_period_unique` ON `payouts` (`organization_id`,`period_key`);--> statement-breakpoint
CREATE INDEX `payouts_status_idx` ON `payouts` (`status`,`organization_id`);--> statement-breakpoint
CREATE INDEX `payouts_org_status_initiated_idx` ON `payouts` (`organization_id`,`status`,`initiated_at`);--> statement-breakpoint
CREATE INDEX `payouts_org_amount_idx` ON `payouts` (`organization_id`,`amount`);--> statement-breakpoint
CREATE INDEX `payouts_org_estimated_idx` ON `payouts` (`organization_id`,`estimated_at`);
