# A modern Rails application's routes, read by the extension as they are (no Ruby run).
Rails.application.routes.draw do
  resources :carts, only: [:show] do
    resources :items, only: [:create, :destroy]
    member { post :checkout }
  end
end
