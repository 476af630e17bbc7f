import { describe, expect, it } from "vitest";
import { changeNoticeText } from "./change-notice-text";
import type { EventChange } from "./event-changes";

const moved: EventChange[] = [
  { field: "start_at", before: new Date("2027-03-12T19:00:00Z"), after: new Date("2027-03-19T19:30:00Z") },
  { field: "end_at", before: new Date("2027-03-12T22:30:00Z"), after: new Date("2027-03-19T22:30:00Z") },
];
const relocated: EventChange = {
  field: "place",
  before: { name: "Le Trianon", label: "80 boulevard de Rochechouart, 75018 Paris", latitude: 48.88, longitude: 2.34 },
  after: { name: "La Cigale", label: "120 boulevard de Rochechouart, 75018 Paris", latitude: 48.88, longitude: 2.34 },
};

describe("changeNoticeText", () => {
  it("states the old and new dates and place in French, in the event's time zone", () => {
    expect(
      changeNoticeText([...moved, relocated], {
        locale: "fr",
        timeZone: "Europe/Paris",
        eventTitle: "Jazz & <blues>",
      }),
    ).toEqual({
      subject: "Changement : Jazz & <blues>",
      body:
        "<p>Bonjour {first_name},</p>" +
        "<p>L'événement <strong>Jazz &amp; &lt;blues&gt;</strong> change :</p>" +
        "<ul>" +
        "<li>Date : ven. 12 mars 2027, 20:00 – 23:30 → ven. 19 mars 2027, 20:30 – 23:30</li>" +
        "<li>Lieu : Le Trianon, 80 boulevard de Rochechouart, 75018 Paris → La Cigale, 120 boulevard de Rochechouart, 75018 Paris</li>" +
        "</ul>" +
        "<p>Votre commande : {order_link}</p>",
    });
  });

  it("says it in English, times in New York time on each side of its daylight-saving change", () => {
    expect(
      changeNoticeText([moved[0]!], { locale: "en", timeZone: "America/New_York", eventTitle: "Spring gala" }),
    ).toEqual({
      subject: "Change: Spring gala",
      body:
        "<p>Hello {first_name},</p>" +
        "<p><strong>Spring gala</strong> is changing:</p>" +
        "<ul><li>Date: Fri, 12 Mar 2027, 14:00 → Fri, 19 Mar 2027, 15:30</li></ul>" +
        "<p>Your order: {order_link}</p>",
    });
  });

  it("names a changed end alone, and a date or place that was not known yet", () => {
    const { body } = changeNoticeText(
      [
        { field: "end_at", before: null, after: new Date("2027-03-12T23:00:00Z") },
        { ...relocated, before: { name: "", label: "", latitude: null, longitude: null } },
      ],
      { locale: "fr", timeZone: "Europe/Paris", eventTitle: "Bal" },
    );
    expect(body).toContain(
      "<ul><li>Fin : date à venir → sam. 13 mars 2027, 00:00</li>" +
        "<li>Lieu : lieu à venir → La Cigale, 120 boulevard de Rochechouart, 75018 Paris</li></ul>",
    );
  });
});
