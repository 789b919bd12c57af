import { Redis } from 'ioredis';

// The connection for shared rate limits. A Redis that is down must not hold requests: no offline
// queue (commands fail at once and the limiter fails open), a short connect timeout, and
// reconnection in the background with a capped delay. Errors are logged once per outage.
export function connectRedis(url: string, log: (message: string) => void = console.warn): Redis {
  let down = false;
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 500,
    retryStrategy: (times) => Math.min(times * 200, 5000),
  });
  redis.on('error', (error) => {
    if (!down) log(`Redis unavailable, rate limits are not enforced until it is back: ${error.message}`);
    down = true;
  });
  redis.on('ready', () => {
    if (down) log('Redis is back: rate limits are enforced again.');
    down = false;
  });
  return redis;
}
