import type { AccountKind } from '@market/contracts';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/**
 * The shape of a dashboard's table of screens (merchant.ts, admin.ts, partner.ts): each screen written once, with
 * its path, its lazy screen, who may open it and its place in the navigation. `dashboard-areas.ts` derives the
 * router's routes, the gate's rules, the side navigation and the tab bars from the tables (issue 30).
 */

export type LazyScreen = LazyRouteFunction<RouteObject>;

/** Who may open a screen: a role holding any of `anyOf`, or, on purpose, every member of the dashboard. */
export type ScreenAccess<P extends string> =
  | {
      anyOf: readonly P[];
      /** The area as the person knows it, in "Your role cannot open …". */
      area: string;
    }
  | {
      /** Why every account of the dashboard may open it (no rule is a decision, not an omission). */
      open: string;
    };

/** The tab bars of areas with several screens (`SubNav`), each listing its tabs in table order. */
export type TabBar =
  | 'approvals'
  | 'catalog'
  | 'orders'
  | 'returns'
  | 'finance'
  | 'payouts'
  | 'shipping'
  | 'gift-cards'
  | 'community'
  | 'products';

export interface DashboardScreen<P extends string> {
  /** The path under the dashboard's base; '' is the dashboard's home (its index route). */
  path: string;
  screen: LazyScreen;
  access: ScreenAccess<P>;
  /** An entry of the side navigation, in table order; shown to the roles the access lets in. */
  nav?: {
    label: string;
    /** Active only on this exact path (the dashboard's home), not on the screens under it. */
    end?: true;
    /** Shown to the store owner only, whatever a custom role holds (the owner's own sign-up answers). */
    ownerOnly?: true;
  };
  /** A tab of its area's tab bar. */
  tab?: { bar: TabBar; label: string };
}

export interface Dashboard<P extends string> {
  /** The first path segment(s) every screen of the dashboard is under. */
  base: string;
  /** The account that signs in to it (whose permissions `P` are). */
  account: AccountKind;
  /** The dashboard's frame (side navigation, header); without one, each screen is a full page of its own. */
  layout?: LazyScreen;
  /** Whether the permission gate (route-access.tsx) stands between the frame and the screens. */
  gated: boolean;
  screens: readonly DashboardScreen<P>[];
}

/** Why a member's own screens open to every role. */
export const ownAccount = "the member's own password and data rights (ADR 073), whatever the role";
export const everyMember = 'the dashboard home: each card on it shows only to the roles its own area lets in';
