import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, registerRead, type Registry } from '../http';
import * as stores from '../domain/stores/stores';
import * as regions from '../domain/stores/regions';
import * as agents from '../domain/stores/agents';
import * as inventory from '../domain/stores/inventory';
import * as transfers from '../domain/stores/transfers';
import * as prices from '../domain/stores/prices';
import * as exceptions from '../domain/stores/exceptions';
import * as owners from '../domain/stores/owners';

/** Stores, people and inventory (issue 12): every answer narrowed to the caller's scope (domain/stores/scope.ts). */
export function storesRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.categories, ({ body }) => agents.listCategories(deps, body));
  register(app, deps, registry, routes.createCategory, ({ caller, body }) => agents.createCategory(deps, caller, body));
  register(app, deps, registry, routes.updateCategory, ({ caller, body }) => agents.updateCategory(deps, caller, body));
  register(app, deps, registry, routes.allocateCategory, ({ caller, body }) => agents.allocateCategory(deps, caller, body));
  register(app, deps, registry, routes.classifyAgent, ({ caller, body }) => agents.classifyAgent(deps, caller, body));
  register(app, deps, registry, routes.agentsPerStore, ({ caller, body }) => agents.listAgents(deps, caller, body));
  register(app, deps, registry, routes.updateAgentLocation, ({ caller, body }) => agents.updateAgentLocation(deps, caller, body));
  register(app, deps, registry, routes.createStore, ({ caller, body }) => stores.createStore(deps, caller, body));
  registerRead(app, deps, registry, routes.stores, ({ caller, body }) => stores.listStores(deps, caller, body));
  register(app, deps, registry, routes.storeProfile, ({ caller, body }) => stores.storeProfile(deps, caller, body.store_id));
  register(app, deps, registry, routes.updateStoreLocation, ({ caller, body }) => stores.updateStoreLocation(deps, caller, body));
  register(app, deps, registry, routes.regions, ({ caller, body }) => regions.listRegions(deps, caller, body));
  register(app, deps, registry, routes.createRegion, ({ caller, body }) => regions.createRegion(deps, caller, body));
  register(app, deps, registry, routes.addRegionLead, ({ caller, body }) => regions.addRegionLead(deps, caller, body));
  register(app, deps, registry, routes.regionLeadHistory, ({ caller, body }) => regions.regionLeadHistory(deps, caller, body.region_id));
  register(app, deps, registry, routes.phoneModels, () => inventory.phoneModels(deps));
  registerRead(app, deps, registry, routes.inventory, ({ caller, body }) => inventory.listInventory(deps, caller, body));
  register(app, deps, registry, routes.addInventoryItem, ({ caller, body }) => inventory.addInventoryItem(deps, caller, body));
  register(app, deps, registry, routes.addInventoryBatch, ({ caller, body }) => inventory.addInventoryBatch(deps, caller, body));
  register(app, deps, registry, routes.sendTransfer, ({ caller, body }) => transfers.sendTransfer(deps, caller, body));
  register(app, deps, registry, routes.receiveTransfer, ({ caller, body }) => transfers.receiveTransfer(deps, caller, body.transfer_id));
  registerRead(app, deps, registry, routes.transfers, ({ caller, body }) => transfers.listTransfers(deps, caller, body));
  register(app, deps, registry, routes.stockCount, ({ caller, body }) => transfers.countStock(deps, caller, body));
  register(app, deps, registry, routes.stockCounts, ({ caller, body }) => transfers.listStockCounts(deps, caller, body));
  register(app, deps, registry, routes.updateInventoryStatus, ({ caller, body }) => inventory.setInventoryStatus(deps, caller, body));
  registerRead(app, deps, registry, routes.imeiExceptions, ({ caller, body }) => exceptions.listImeiExceptions(deps, caller, body));
  register(app, deps, registry, routes.phonePrices, ({ body }) => prices.listPrices(deps, body));
  register(app, deps, registry, routes.phonePriceHistory, ({ body }) => prices.priceHistory(deps, body.phone_model_id));
  register(app, deps, registry, routes.proposePhonePrice, ({ caller, body }) => prices.proposePrice(deps, caller, body));
  registerRead(app, deps, registry, routes.shopOwners, ({ caller, body }) => owners.listShopOwners(deps, caller, body));
  register(app, deps, registry, routes.createShopOwner, ({ caller, body }) => owners.createShopOwner(deps, caller, body));
  register(app, deps, registry, routes.linkShopOwner, ({ caller, body }) => owners.proposeShopOwnerLink(deps, caller, body));
}
