/**
 * The load balancer of bench/processes.ts in a process of its own (the operator's balancer is not
 * in the app's or the clients' event loop either): test-kit's round-robin TCP balancer over the
 * app processes' ports given in BALANCER_PORTS (comma-separated).
 */
import { startBalancer } from '@neura/test-kit/server/balancer';

const ports = (process.env.BALANCER_PORTS ?? '').split(',').filter(Boolean).map(Number);
const balancer = await startBalancer(ports);
process.send?.({ type: 'listening', url: balancer.url });
process.on('disconnect', () => process.exit(0));
