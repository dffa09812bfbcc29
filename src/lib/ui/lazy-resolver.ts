import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A form resolver that loads the validation library and the form's schema on the first validation
 * (the first submit), so that a public page's form ships none of it up front. Should loading fail
 * (the connection dropped), the values go on unchecked: the server validates them with the same schema
 * and its message is shown.
 */
export function lazyZodResolver<Values extends FieldValues>(loadSchema: () => Promise<z.ZodType<Values, FieldValues>>): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  return async (values, context, options) => {
    loading ??= Promise.all([import("@hookform/resolvers/zod"), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<Values>,
    );
    try {
      return await (await loading)(values, context, options);
    } catch {
      loading = undefined;
      return { values, errors: {} };
    }
  };
}
