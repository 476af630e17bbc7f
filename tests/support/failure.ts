import { AppError } from "#domain/shared/app-error";

/** The AppError a use-case rejects with; fails the test when it resolves or throws anything else. */
export async function failure(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}
