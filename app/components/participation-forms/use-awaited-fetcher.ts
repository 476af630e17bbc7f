import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * A fetcher whose `submit` resolves with the action's answer once the fetcher is idle again (the page reloaded), so a
 * caller such as the unsaved-changes guard can wait for the save and know whether it went through.
 */
export function useAwaitedFetcher<T>(key: string) {
  const fetcher = useFetcher<T>({ key });
  const pending = useRef<((answer: T | undefined) => void)[]>([]);
  const started = useRef(false);

  useEffect(() => {
    if (fetcher.state !== "idle") {
      started.current = true;
      return;
    }
    if (!started.current) return;
    started.current = false;
    for (const resolve of pending.current.splice(0)) resolve(fetcher.data as T | undefined);
  }, [fetcher.state, fetcher.data]);

  const submit = useCallback(
    (values: Record<string, string>) => {
      void fetcher.submit(values, { method: "post" });
      return new Promise<T | undefined>((resolve) => pending.current.push(resolve));
    },
    [fetcher],
  );

  return { submit, state: fetcher.state };
}
