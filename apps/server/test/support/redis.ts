import net from 'node:net';

/** The Redis the tests may use: TEST_REDIS_URL, else the local default. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something listens at the Redis URL (half a second at most), so a test can skip its Redis half. */
export async function redisReachable(url: string = testRedisUrl): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379), timeout: 500 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
