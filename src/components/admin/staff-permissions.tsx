import { PERMISSION_KEYS, ROLE_PERMISSIONS } from "~/lib/permissions";
import { ROLE_LABELS, STAFF_ROLES } from "~/lib/schemas/staff";

/**
 * The role-to-permission table of src/lib/permissions.ts, read-only: roles change what people may do,
 * the table itself changes only with the code. Ordinary accounts (role "user") hold no permission.
 */
export function PermissionsMatrix() {
  return (
    <section aria-labelledby="staff-permissions">
      <h2 id="staff-permissions" className="text-lg font-semibold">
        Roles and permissions
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Which permission each staff role holds. Ordinary accounts hold none. Staff and roles, the audit log and System are for admins only.
      </p>
      <div className="relative mt-3 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Permissions of each staff role</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Permission
              </th>
              {STAFF_ROLES.map((role) => (
                <th key={role} scope="col" className="px-4 py-3 text-center font-semibold">
                  {ROLE_LABELS[role]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {PERMISSION_KEYS.map((key) => (
              <tr key={key}>
                <th scope="row" className="whitespace-nowrap px-4 py-2 font-mono text-xs font-normal">
                  {key}
                </th>
                {STAFF_ROLES.map((role) =>
                  ROLE_PERMISSIONS[role].has(key) ? (
                    <td key={role} className="px-4 py-2 text-center text-emerald-700">
                      <span aria-hidden="true">✓</span>
                      <span className="sr-only">yes</span>
                    </td>
                  ) : (
                    <td key={role} className="px-4 py-2 text-center text-slate-300">
                      <span aria-hidden="true">–</span>
                      <span className="sr-only">no</span>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
