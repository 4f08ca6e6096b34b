-- Until now a tenant's own administrator could let workflow webhooks reach the server's private
-- network (allow_private_webhooks). Only the platform administrator may allow it now; what was
-- allowed before is withdrawn, for the platform administrator to allow again where it is meant.
UPDATE "tenants" SET "settings" = "settings" - 'allow_private_webhooks'
  WHERE ("settings"->>'allow_private_webhooks')::boolean;
