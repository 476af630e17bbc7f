import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { PERMISSION_DENIED_PARAM } from "~/lib/permission-denied";

/** Shows the permission toast when a guard sent the user here, then removes the flag from the address. */
export function PermissionDeniedToast() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const shownFor = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(PERMISSION_DENIED_PARAM)) return;
    if (shownFor.current === location.key) return;
    shownFor.current = location.key;
    // After this commit, so the Toaster (mounted after the shell) is already listening. Not cancelled on cleanup:
    // the address change below re-runs this effect before the timer fires.
    window.setTimeout(() => toast.error(t("messages.permission-denied"), { id: "permission-denied" }), 0);
    params.delete(PERMISSION_DENIED_PARAM);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      {
        replace: true,
        preventScrollReset: true,
      },
    );
  }, [location, navigate, t]);

  return null;
}
