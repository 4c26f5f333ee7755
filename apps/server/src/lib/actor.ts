/**
 * Who changes company data, and in which company: the signed-in person in the
 * company of a company-scoped route (built by actorOf in plugins/access.ts).
 * Services record it (created_by, audit) and scope their queries by companyId.
 */
export interface Actor {
  companyId: number;
  userId: number;
}
