# Loaded by the rails6 oracle before a routes.rb (scripts/deviseTables.mjs): Devise's own routing
# (Debian's ruby-devise, with ruby-activemodel), the application's config/initializers/devise.rb and
# app/models as Devise reads them, so that `devise_for` draws what it draws in the application.
# Models are ActiveModel classes whose callbacks and validations do nothing; the database, Warden
# and the mailer are not there (routing asks none of them).
require "rails"
require "active_model"
require "devise"

Devise.secret_key = "x" * 64
# Warden's configuration is for requests; drawing needs none.
def Devise.configure_warden! = nil

class ApplicationRecord
  include ActiveModel::Model
  extend ActiveModel::Naming
  extend Devise::Models

  # What Devise's modules call on a model when they are included: callbacks and validations.
  def self.method_missing(name, *args, **options, &block)
    return nil if name.to_s.start_with?("before_", "after_", "validates", "validate", "attr_")
    super
  end

  def self.respond_to_missing?(name, include_private = false) = name.to_s.start_with?("before_", "after_", "validates", "validate", "attr_") || super
end

module DeviseOracleApp
  def self.routes = SET
end
Rails.define_singleton_method(:application) { DeviseOracleApp }

app = ENV.fetch("DEVISE_APP")
initializer = File.join(app, "config/initializers/devise.rb")
# `require "devise/orm/active_record"` in the initializer: no database here.
module Kernel
  alias_method :devise_oracle_require, :require
  def require(name) = name.start_with?("devise/orm/") || devise_oracle_require(name)
end
load initializer if File.exist?(initializer)
Dir[File.join(app, "app/models/**/*.rb")].sort.each { |model| load model }
