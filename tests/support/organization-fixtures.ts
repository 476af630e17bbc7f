/**
 * Former names of the fixtures in ./fixtures.ts (the one vocabulary), kept only while tests written before it still
 * import them. New tests import ./fixtures.ts.
 */
export { insertEvent, insertMember as addMember, insertOrganization, insertUser } from "./fixtures";
