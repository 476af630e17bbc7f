import { useTranslation } from "react-i18next";

export default function Home() {
  const { t } = useTranslation();
  return <h1 className="p-8 text-2xl font-semibold">{t("app-name")}</h1>;
}
