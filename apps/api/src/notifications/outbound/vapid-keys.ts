import webpush from 'web-push';

/**
 * Prints a new VAPID key pair for VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY:
 * `node apps/api/dist/notifications/outbound/vapid-keys.js`. Keep the private key secret; changing
 * the pair invalidates every browser's subscription (they subscribe again on their next visit).
 */
const keys = webpush.generateVAPIDKeys();
process.stdout.write(`VAPID_PUBLIC_KEY=${keys.publicKey}\nVAPID_PRIVATE_KEY=${keys.privateKey}\n`);
