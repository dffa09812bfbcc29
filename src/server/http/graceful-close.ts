import type { Server } from "node:http";

export interface GracefulClose {
  /** True once closing began: answers then say `Connection: close`. */
  readonly closing: boolean;
  /**
   * Stops accepting connections, closes idle keep-alive ones (again as responses end), lets the
   * requests in flight (chat streams too) finish, and after `timeoutMs` cuts those still open.
   */
  close(timeoutMs: number): Promise<"drained" | "forced">;
}

export function gracefulClose(server: Server): GracefulClose {
  let closing: Promise<"drained" | "forced"> | null = null;
  return {
    get closing() {
      return closing !== null;
    },
    close(timeoutMs) {
      closing ??= new Promise((resolve) => {
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        const force = setTimeout(() => {
          clearInterval(idle);
          server.closeAllConnections();
          resolve("forced");
        }, timeoutMs);
        server.close(() => {
          clearInterval(idle);
          clearTimeout(force);
          resolve("drained");
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
