# A Rails 2 application's routes, read by the extension as they are.
ActionController::Routing::Routes.draw do |map|
  map.resources :invoices, :membr => { :void => :put }
  map.receipt 'receipts/:id', :controller => 'receipts', :action => 'show'
end
