export interface TrackingLinks {
    sign(orderId: string, expiresAt: Date): string;
    /** The order and expiry of an authentic token; null for anything forged, altered or malformed. */
    verify(token: string): {
        orderId: string;
        expiresAt: Date;
    } | null;
}
export declare function createTrackingLinks(secret: string): TrackingLinks;
/** How long a link lives from the message that carries it: the delivery's usual span and the return window after. */
export declare const TRACKING_LINK_BASE_DAYS = 30;
/**
 * The link a customer's message about an order carries (`PUBLIC_URL/t/<token>`), living from `at` for the base
 * days and the return window after: one maker for every message (the notifications' fan-out and the mails).
 */
export declare function trackingUrlMaker(config: {
    jwtSecret: string;
    publicUrl: string;
    returnWindowDays: number;
}): (orderId: string, at: Date) => string;
