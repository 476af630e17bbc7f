export async function handleScheduled(_controller: ScheduledController, _env: Env, _ctx: ExecutionContext) {}
