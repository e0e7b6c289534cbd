import { data } from "react-router";

/** Catch-all for unknown paths: answers 404; the site layout's boundary shows the main page (spec 2). */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
