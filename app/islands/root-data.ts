/** Id of the `<script type="application/json">` holding the root loader data on a marketing page (decision 0017). */
export const ROOT_DATA_ID = "rf-root-data";
