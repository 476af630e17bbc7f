import * as React from "react";

/**
 * Built-in accessible labels of the UI kit (screen-reader text for close buttons, spinners, toasts).
 * French defaults because fr is the default locale; wrap the app in `UiLabelsProvider` with translated values.
 */
export type UiLabels = {
  close: string;
  loading: string;
  closeToast: string;
  notifications: string;
};

export const defaultUiLabels: UiLabels = {
  close: "Fermer",
  loading: "Chargement",
  closeToast: "Fermer la notification",
  notifications: "Notifications",
};

const UiLabelsContext = React.createContext<UiLabels>(defaultUiLabels);

function UiLabelsProvider({ labels, children }: { labels: Partial<UiLabels>; children: React.ReactNode }) {
  const parent = React.useContext(UiLabelsContext);
  const { close, loading, closeToast, notifications } = labels;
  const value = React.useMemo<UiLabels>(
    () => ({
      close: close ?? parent.close,
      loading: loading ?? parent.loading,
      closeToast: closeToast ?? parent.closeToast,
      notifications: notifications ?? parent.notifications,
    }),
    [parent, close, loading, closeToast, notifications],
  );
  return <UiLabelsContext.Provider value={value}>{children}</UiLabelsContext.Provider>;
}

function useUiLabels(): UiLabels {
  return React.useContext(UiLabelsContext);
}

export { UiLabelsProvider, useUiLabels };
