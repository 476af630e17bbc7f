CREATE INDEX `transactions_org_type_occurred_idx` ON `transactions` (`organization_id`,`type`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `transactions_org_event_occurred_idx` ON `transactions` (`organization_id`,`event_id`,`occurred_at`);--> statement-breakpoint
CREATE INDEX `transactions_org_amount_idx` ON `transactions` (`organization_id`,`amount`);--> statement-breakpoint
CREATE INDEX `transactions_org_net_idx` ON `transactions` (`organization_id`,`net`);--> statement-breakpoint
CREATE INDEX `transactions_org_order_idx` ON `transactions` (`organization_id`,`order_id`);