import { lazy, Suspense, useState, type ComponentType } from "react";

/**
 * The parts of a controlled dialog component module (alert-dialog, dialog, sheet) with the module's code loaded the
 * first time the dialog opens, not with the page (docs/decisions/0071-lighter-signed-in-pages.md). The root renders
 * nothing until `open` is first true, then the real root once the module has loaded, and keeps it mounted after, so
 * that it closes with its animation; Radix moves focus into it when it mounts open. The other parts render only inside
 * the root, so the module is there when they do. For dialogs opened through their `open` prop, without a Trigger part
 * (a trigger must be server-rendered with the page).
 */
export function lazyDialogModule<M extends Record<string, unknown>>(load: () => Promise<M>) {
  let loaded: M | null = null;
  const loadOnce = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });

  function root<K extends keyof M>(name: K): M[K] {
    const Real = lazy(() =>
      loadOnce().then((module) => ({ default: module[name] as ComponentType<{ open?: boolean }> })),
    );
    function LazyRoot(props: { open?: boolean }) {
      const [used, setUsed] = useState(Boolean(props.open));
      if (props.open && !used) setUsed(true);
      if (!used) return null;
      return (
        <Suspense fallback={null}>
          <Real {...props} />
        </Suspense>
      );
    }
    return LazyRoot as M[K];
  }

  function part<K extends keyof M>(name: K): M[K] {
    function LazyPart(props: object) {
      const Part = loaded![name] as ComponentType<object>;
      return <Part {...props} />;
    }
    return LazyPart as M[K];
  }

  return { root, part };
}
