// A free loopback TCP port for a server a bench starts (nginx, PostgreSQL).
import net from "node:net";

/** A free loopback TCP port. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
