CREATE INDEX `entries_event_scope_idx` ON `entries` (`event_id`,`organization_id`);--> statement-breakpoint
CREATE INDEX `orders_event_scope_idx` ON `orders` (`event_id`,`organization_id`);--> statement-breakpoint
CREATE INDEX `transactions_org_idx` ON `transactions` (`organization_id`);