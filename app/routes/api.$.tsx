import { jsonError } from "~/server/api.server";

// Any /api/* path no route claims: JSON clients get a JSON 404, not the HTML not-found page.
const notFound = () => jsonError(404, "There is no such API endpoint.");

export const loader = notFound;
export const action = notFound;
