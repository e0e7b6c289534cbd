/** The signed-in user as every page knows it from the root loader; null for a guest (spec 6). */
export interface AccountSummary {
  id: number;
  name: string;
  email: string;
}
